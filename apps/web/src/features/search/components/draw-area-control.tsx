/**
 * The controls shown while drawing a search area on the map (REQ-SEARCH): the hint, Done, Undo, Add the centre
 * point and Cancel, the count of points for screen readers, and why a drawing cannot be finished yet.
 */
import { Check, Plus, Undo2, X } from 'lucide-react';
import type { LatLng } from '@abode/shared/search/polyline';
import { Button } from '#src/components/ui/button.tsx';
import { DRAW_TEXT, canAddDrawPoint, canFinishDrawing } from '#src/features/search/utils/draw-area.ts';

export interface DrawAreaControlProps {
  points: readonly LatLng[];
  /** Why the drawing cannot be finished yet, or null. */
  problem: string | null;
  onFinish: () => void;
  onUndo: () => void;
  onAddCentre: () => void;
  onCancel: () => void;
}

/** The 'Drawing an area' group of controls. */
export function DrawAreaControl({
  points,
  problem,
  onFinish,
  onUndo,
  onAddCentre,
  onCancel,
}: DrawAreaControlProps) {
  const full = !canAddDrawPoint(points);
  return (
    <div
      role="group"
      aria-label="Drawing an area"
      className="flex flex-col gap-2 rounded-lg border border-primary/40 bg-brand-soft px-3 py-2 text-sm text-brand-soft-foreground"
    >
      <span>{full ? DRAW_TEXT.full : DRAW_TEXT.hint}</span>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={onFinish} disabled={!canFinishDrawing(points)}>
          <Check aria-hidden="true" />
          {DRAW_TEXT.done}
        </Button>
        <Button size="sm" variant="outline" onClick={onUndo} disabled={points.length === 0}>
          <Undo2 aria-hidden="true" />
          {DRAW_TEXT.undo}
        </Button>
        <Button size="sm" variant="outline" onClick={onAddCentre} disabled={full}>
          <Plus aria-hidden="true" />
          {DRAW_TEXT.addCentre}
        </Button>
        <Button size="sm" variant="ghost" onClick={onCancel}>
          <X aria-hidden="true" />
          {DRAW_TEXT.cancel}
        </Button>
      </div>
      <span className="sr-only" role="status">
        {points.length === 0 ? '' : `${points.length} point${points.length === 1 ? '' : 's'} drawn`}
      </span>
      {problem && (
        <span role="alert" className="font-medium text-destructive">
          {problem}
        </span>
      )}
    </div>
  );
}
