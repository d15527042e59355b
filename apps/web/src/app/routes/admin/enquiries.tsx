import { useSearchParams } from 'react-router';
import {
  ADMIN_ENQUIRIES_SEARCH_MAX_LENGTH,
  ADMIN_ENQUIRY_MESSAGES,
  ENQUIRY_STATUS_LABELS,
  parseAdminEnquiryFilters,
} from '@abode/shared/admin/enquiries.schema';
import { MESSAGES } from '@abode/shared/messages';
import { StatCard } from '#src/components/ui/stat-card.tsx';
import {
  useAdminEnquiries,
  useAdminEnquiryStatus,
} from '#src/features/admin-enquiries/api/admin-enquiries.ts';
import { AdminEnquiryTable } from '#src/features/admin-enquiries/components/admin-enquiry-table.tsx';
import { EnquiryInbox } from '#src/features/enquiries/components/enquiry-inbox.tsx';

/**
 * /admin/enquiries (REQ-ADMIN-06): counts by status, a search over customer name, property title, agent
 * name and message (debounced, `?q=`), a status filter (`?status=`), the table with its status menu, and pages
 * (`?page=`). A failed load toasts 'Failed to fetch enquiries' and offers a retry.
 */
export function AdminEnquiriesRoute() {
  const [searchParams] = useSearchParams();
  const filters = parseAdminEnquiryFilters(searchParams);
  const enquiries = useAdminEnquiries(filters);
  const updateStatus = useAdminEnquiryStatus();
  const stats = enquiries.data?.stats;
  const failed = enquiries.isError;

  return (
    <EnquiryInbox
      documentTitle="Enquiries · Admin · Abode"
      intro="Every enquiry sent to agents on Abode."
      idPrefix="admin-enquiries"
      messages={ADMIN_ENQUIRY_MESSAGES}
      searchMaxLength={ADMIN_ENQUIRIES_SEARCH_MAX_LENGTH}
      loadFailed={MESSAGES.adminEnquiriesLoadFailed}
      toastId="admin-enquiries-load-failed"
      filters={filters}
      query={enquiries}
      stats={
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <StatCard label="Total" value={stats?.total} failed={failed} />
          <StatCard label={ENQUIRY_STATUS_LABELS.new} value={stats?.new} failed={failed} />
          <StatCard label={ENQUIRY_STATUS_LABELS.in_progress} value={stats?.inProgress} failed={failed} />
          <StatCard label={ENQUIRY_STATUS_LABELS.closed} value={stats?.closed} failed={failed} />
        </dl>
      }
      rows={(items) => (
        <AdminEnquiryTable
          enquiries={items}
          busyId={updateStatus.isPending ? updateStatus.variables.id : null}
          onStatusChange={(e, status) => updateStatus.mutate({ id: e.id, status })}
        />
      )}
    />
  );
}
