import { Bookmark } from 'lucide-react';
import { Button } from '#src/components/ui/button.tsx';
import { promptSignInToSaveSearch } from '#src/features/saved-homes/utils/prompt-sign-in.ts';

/** Save Search (SPEC §2 Search page). Saving needs an account; signed out it says so. */
export function SaveSearchButton() {
  return (
    <Button variant="outline" onClick={promptSignInToSaveSearch}>
      <Bookmark aria-hidden="true" />
      Save Search
    </Button>
  );
}
