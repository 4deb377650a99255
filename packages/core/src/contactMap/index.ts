// The contacts map feature: points with tones, the legend and where the map opens. Leaflet and the
// clustering are in adapters (`@loop/adapters/map`).
export type { LegendEntry, MapBounds, MapPoint, MapTone } from './contactMap';
export {
  clusterLabel,
  MAP_TONE_COLOURS,
  MAP_TONES,
  NPS_LEGEND,
  npsTone,
  PLAIN_LEGEND,
  pointsBounds,
} from './contactMap';
export type { ContactMapGateway } from './contactMapPorts';
export type { ContactMapView } from './contactMapView';
export { contactMapView } from './contactMapView';
