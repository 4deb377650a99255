/**
 * The contacts map's drawing: Leaflet's stylesheet and the map adapter (Leaflet itself and the
 * clustering), loaded by the container when /contacten shows the map, never with another page.
 * Nothing here knows inversify.
 */
import 'leaflet/dist/leaflet.css';

export { createContactMap } from '@loop/adapters/map';
