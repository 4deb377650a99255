import type { MapPoint, MapTone } from '@loop/core/contactMap';
import Supercluster, { type ClusterProperties } from 'supercluster';

/** How many contacts of each tone a cluster holds (for the ring around its count). */
export type ToneCounts = Record<MapTone, number>;

/** What the map draws at one zoom level: single contacts and clusters of nearby ones. */
export type MapFeature =
  | { readonly kind: 'point'; readonly point: MapPoint }
  | {
      readonly kind: 'cluster';
      readonly id: number;
      readonly lat: number;
      readonly lng: number;
      readonly count: number;
      readonly tones: ToneCounts;
    };

interface PointProperties {
  readonly index: number;
  readonly positive: number;
  readonly neutral: number;
  readonly negative: number;
  readonly none: number;
}

const toneCounts = (tone: MapTone): PointProperties['positive'][] => [
  tone === 'positive' ? 1 : 0,
  tone === 'neutral' ? 1 : 0,
  tone === 'negative' ? 1 : 0,
  tone === 'none' ? 1 : 0,
];

/**
 * The points clustered with supercluster (a k-d tree per zoom level, built once): a view asks for
 * what lies in its bounds at its zoom and gets at most a few hundred features however many points
 * there are, so panning redraws only those. Each cluster carries its tone counts.
 */
export class ClusterIndex {
  readonly #index: Supercluster<PointProperties, PointProperties>;
  readonly #points: readonly MapPoint[];

  constructor(points: readonly MapPoint[], options: { radius?: number; maxZoom?: number } = {}) {
    this.#points = points;
    this.#index = new Supercluster<PointProperties, PointProperties>({
      radius: options.radius ?? 60,
      maxZoom: options.maxZoom ?? 17,
      map: (props) => ({ ...props }),
      reduce: (total, props) => {
        const sum = total as { -readonly [K in keyof PointProperties]: number };
        sum.positive += props.positive;
        sum.neutral += props.neutral;
        sum.negative += props.negative;
        sum.none += props.none;
      },
    });
    this.#index.load(
      points.map((point, index) => {
        const [positive = 0, neutral = 0, negative = 0, none = 0] = toneCounts(point.tone);
        return {
          type: 'Feature' as const,
          geometry: { type: 'Point' as const, coordinates: [point.lng, point.lat] },
          properties: { index, positive, neutral, negative, none },
        };
      }),
    );
  }

  /** The features within the bounds (west, south, east, north in degrees) at this zoom. */
  features(bounds: readonly [number, number, number, number], zoom: number): MapFeature[] {
    const result: MapFeature[] = [];
    for (const feature of this.#index.getClusters([...bounds], Math.round(zoom))) {
      const [lng = 0, lat = 0] = feature.geometry.coordinates;
      const props = feature.properties as Partial<ClusterProperties> & PointProperties;
      if (props.cluster === true && props.cluster_id !== undefined) {
        result.push({
          kind: 'cluster',
          id: props.cluster_id,
          lat,
          lng,
          count: props.point_count ?? 0,
          tones: {
            positive: props.positive,
            neutral: props.neutral,
            negative: props.negative,
            none: props.none,
          },
        });
      } else {
        const point = this.#points[props.index];
        if (point !== undefined) result.push({ kind: 'point', point });
      }
    }
    return result;
  }

  /** The zoom at which a cluster falls apart into smaller ones (clicking it zooms there). */
  expansionZoom(clusterId: number): number {
    return this.#index.getClusterExpansionZoom(clusterId);
  }
}
