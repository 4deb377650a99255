import type { ContactMap } from '@loop/adapters/map';
import type { ContactPositionInput } from '@loop/core';
import { pointsBounds } from '@loop/core/contactMap';
import type { ContactMapScreen, ContactPlacing } from '@loop/core/contactsScreen';
import { useEffect, useRef, useState } from 'react';
import { CONTACT_MAP_TEXTS } from './contactMapTexts';
import { useCreateContactMap } from './useContactMap';

type Position = ContactPositionInput;

/** Mounts the map (Leaflet loads with it), redraws on new points, fits a new filter, shows the pin. */
export function MapCanvas({
  screen,
  filterKey,
  popup,
  placing,
  onMoved,
  mapRef,
}: {
  screen: ContactMapScreen;
  filterKey: string;
  popup: (id: number) => Promise<{ title: string; lines: readonly string[] }>;
  placing: ContactPlacing | null;
  onMoved: (at: Position) => void;
  mapRef: React.RefObject<ContactMap | null>;
}) {
  const createMap = useCreateContactMap();
  const element = useRef<HTMLElement>(null);
  const [ready, setReady] = useState<ContactMap | null>(null);
  const [failed, setFailed] = useState(false);
  const latest = useRef({ screen, popup, onMoved });
  latest.current = { screen, popup, onMoved };
  const { url, attribution, attribution_url: attributionUrl } = screen.tiles;

  useEffect(() => {
    const target = element.current;
    if (target === null) return;
    let live = true;
    let created: ContactMap | null = null;
    createMap(target, {
      tileUrl: url,
      attribution,
      attributionUrl,
      points: latest.current.screen.view.points,
      legend: latest.current.screen.view.legend,
      popup: (id) => latest.current.popup(id),
    }).then(
      (map) => {
        if (!live) return map.destroy();
        created = map;
        mapRef.current = map;
        setReady(map);
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
      created?.destroy();
      mapRef.current = null;
      setReady(null);
    };
  }, [createMap, url, attribution, attributionUrl, mapRef]);

  // New points (a placement, a new filter, another colouring) are drawn; only a new filter moves the view.
  const { points, legend } = screen.view;
  const fitted = useRef<string | null>(null);
  useEffect(() => {
    if (ready === null) return;
    ready.setPoints(points, legend);
    if (fitted.current !== null && fitted.current !== filterKey) ready.fit(pointsBounds(points));
    fitted.current = filterKey;
  }, [ready, points, legend, filterKey]);

  const placingId = placing?.contact.id ?? null;
  const start = useRef<Position | null>(null);
  start.current = placing?.start ?? null;
  useEffect(() => {
    if (ready === null || placingId === null) return;
    ready.place({
      id: placingId,
      at: start.current,
      onMoved: (lat, lng) => latest.current.onMoved({ lat, lng }),
    });
    // A pin without a position starts at the centre: that is where it is until it is dragged.
    if (start.current === null) latest.current.onMoved(ready.centre());
    return () => ready.place(null);
  }, [ready, placingId]);

  return (
    <>
      <section ref={element} className="contact-map" aria-label={CONTACT_MAP_TEXTS.mapLabel} />
      {failed ? (
        <p className="alert alert-error" role="alert">
          {CONTACT_MAP_TEXTS.failed}
        </p>
      ) : null}
    </>
  );
}
