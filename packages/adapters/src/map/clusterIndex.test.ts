import type { MapPoint } from '@loop/core/contactMap';
import { describe, expect, it } from 'vitest';
import { ClusterIndex } from './clusterIndex';

const WORLD = [-180, -85, 180, 85] as const;

/** 30 contacts on Utrecht's Domplein, 3 in Groningen, 1 in Maastricht. */
const POINTS: MapPoint[] = [
  ...Array.from(
    { length: 30 },
    (_, i): MapPoint => ({
      id: i + 1,
      lat: 52.0907 + i * 0.00001,
      lng: 5.1214,
      tone: i < 20 ? 'positive' : 'negative',
    }),
  ),
  { id: 101, lat: 53.2194, lng: 6.5665, tone: 'neutral' },
  { id: 102, lat: 53.2195, lng: 6.5666, tone: 'neutral' },
  { id: 103, lat: 53.2196, lng: 6.5667, tone: 'none' },
  { id: 201, lat: 50.8514, lng: 5.691, tone: 'positive' },
];

describe('ClusterIndex', () => {
  it('should cluster nearby contacts at a country-wide zoom and count their tones', () => {
    const features = new ClusterIndex(POINTS).features(WORLD, 7);
    const clusters = features.filter((feature) => feature.kind === 'cluster');
    const single = features.filter((feature) => feature.kind === 'point');
    expect(clusters.map((cluster) => cluster.count).sort((a, b) => a - b)).toEqual([3, 30]);
    expect(clusters.find((cluster) => cluster.count === 30)?.tones).toEqual({
      positive: 20,
      neutral: 0,
      negative: 10,
      none: 0,
    });
    expect(single.map((feature) => feature.point.id)).toEqual([201]);
  });

  it('should show every contact on its own at the deepest zoom when they are apart', () => {
    const index = new ClusterIndex(POINTS.slice(30));
    const features = index.features(WORLD, 18);
    expect(features.every((feature) => feature.kind === 'point')).toBe(true);
    expect(features).toHaveLength(4);
  });

  it('should give only what lies in the bounds', () => {
    const groningen = [6.5, 53.2, 6.6, 53.25] as const;
    const features = new ClusterIndex(POINTS).features(groningen, 7);
    expect(features).toHaveLength(1);
    expect(features[0]).toMatchObject({ kind: 'cluster', count: 3 });
  });

  it('should name the zoom where a cluster opens up', () => {
    const index = new ClusterIndex(POINTS);
    const cluster = index
      .features(WORLD, 7)
      .find((feature) => feature.kind === 'cluster' && feature.count === 3);
    if (cluster?.kind !== 'cluster') throw new Error('no cluster');
    expect(index.expansionZoom(cluster.id)).toBeGreaterThan(7);
  });
});
