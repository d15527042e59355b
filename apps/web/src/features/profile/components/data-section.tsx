import { Download } from 'lucide-react';
import { Button } from '#src/components/ui/button.tsx';
import { DATA_EXPORT_URL } from '../api/profile.ts';

/**
 * Download my data (REQ-CLIENT-14): a plain link to the export, which the API sends as an attachment, so the browser
 * saves it with its own name (abode-my-data-YYYY-MM-DD.json).
 */
export function DataSection() {
  return (
    <Button asChild variant="outline">
      <a href={DATA_EXPORT_URL} download>
        <Download aria-hidden="true" /> Download my data
      </a>
    </Button>
  );
}
