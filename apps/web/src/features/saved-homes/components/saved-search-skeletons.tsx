import { Skeleton } from '#src/components/ui/skeleton.tsx';

/** Placeholders with the shape of saved-search cards while they load. */
export function SavedSearchSkeletons({ count = 4 }: { count?: number }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <p className="sr-only" role="status">
        Loading saved searches
      </p>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} aria-hidden="true" className="flex flex-col gap-3 rounded-xl border p-5">
          <Skeleton className="h-6 w-2/3" />
          <div className="flex gap-2">
            <Skeleton className="h-5 w-20 rounded-full" />
            <Skeleton className="h-5 w-14 rounded-full" />
            <Skeleton className="h-5 w-16 rounded-full" />
          </div>
          <Skeleton className="h-8 w-28" />
        </div>
      ))}
    </div>
  );
}
