// The contacts map feature: points with tones, the legend and where the map opens. Leaflet and the
// clustering are in adapters (`@loop/adapters/map`).

export { colourByOf, colourQuestionOf } from '../contacts';
export type { LegendEntry, MapBounds, MapPoint, MapTone } from './contactMap';
export {
  clusterLabel,
  legendOf,
  legendTitle,
  MAP_TONE_COLOURS,
  MAP_TONES,
  NPS_LEGEND,
  npsTone,
  PLAIN_LEGEND,
  pointLabel,
  pointsBounds,
  STATUS_LEGEND,
  STATUS_TONES,
  statusTone,
  toneOfValue,
} from './contactMap';
export type { ContactMapGateway } from './contactMapPorts';
export type { ContactMapView } from './contactMapView';
export { contactMapView } from './contactMapView';
