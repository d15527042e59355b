import { Skeleton } from '#src/components/ui/skeleton.tsx';

/** Placeholder while the profile loads: the form column and the side panel. */
export function AgentProfileSkeleton() {
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_20rem]" aria-busy="true" aria-label="Loading profile">
      <div className="flex flex-col gap-6">
        <Skeleton className="h-96 rounded-xl" />
        <Skeleton className="h-56 rounded-xl" />
      </div>
      <div className="flex flex-col gap-6">
        <Skeleton className="h-56 rounded-xl" />
        <Skeleton className="h-40 rounded-xl" />
      </div>
    </div>
  );
}
