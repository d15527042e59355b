import { Component, type ReactNode } from 'react';

/**
 * Keeps a page alive when its map cannot load (offline, a blocked Leaflet chunk): in the map's place, a note saying so
 * and what still works (`stillWorks`, e.g. 'The list of results still works.'), announced as a status when `announce`.
 */
export class MapBoundary extends Component<
  { children: ReactNode; stillWorks?: string; announce?: boolean },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    const { stillWorks, announce = false } = this.props;
    return (
      <p
        role={announce ? 'status' : undefined}
        className="rounded-xl border bg-muted px-4 py-6 text-sm text-muted-foreground"
      >
        {stillWorks ? `The map could not be loaded. ${stillWorks}` : 'The map could not be loaded.'}
      </p>
    );
  }
}
