// The map entry: the contacts map on Leaflet with supercluster clustering, for the browser only (it
// needs a DOM). Leaflet is imported on first use, so only the map's route carries it.
export type { MapFeature, ToneCounts } from './clusterIndex';
export { ClusterIndex } from './clusterIndex';
export type { ContactMap, ContactMapOptions, MapPopup, Placing } from './createContactMap';
export { createContactMap } from './createContactMap';
