import { brandPalette } from '@loop/core/branding';
import { useEffect } from 'react';
import { useBranding } from '../branding/useBranding';

const cssUrl = (src: string): string => `url(${JSON.stringify(src)})`;

/**
 * Applies the organisation's brand colour as CSS custom properties on <html> and shows its background
 * image behind the page (set through the CSSOM, which the CSP allows).
 */
export function BrandTheme() {
  const { state, view } = useBranding();
  const { primaryColor } = view;

  useEffect(() => {
    const palette = brandPalette(primaryColor);
    const root = document.documentElement.style;
    root.setProperty('--brand', palette.brand);
    root.setProperty('--on-brand', palette.onBrand);
    root.setProperty('--brand-ink', palette.brandInk);
  }, [primaryColor]);

  // While the organisation's branding loads, the default background would flash in and out.
  const background = state.status === 'loading' ? null : view.backgroundSrc;
  return (
    <div
      className="page-backdrop"
      aria-hidden="true"
      style={background ? { backgroundImage: cssUrl(background) } : undefined}
    />
  );
}
