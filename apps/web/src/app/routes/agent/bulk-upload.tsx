import { BulkUploadScreen } from '#src/features/feed-imports/components/bulk-upload-screen.tsx';

/** /agent/properties/bulk-upload (REQ-FEED-07): a BLM file's import, its report and the earlier imports. */
export function AgentBulkUploadRoute() {
  return (
    <>
      <title>Bulk upload · Abode Agent Portal</title>
      <BulkUploadScreen />
    </>
  );
}
