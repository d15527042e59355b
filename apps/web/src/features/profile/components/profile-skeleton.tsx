import { Card, CardContent, CardHeader } from '#src/components/ui/card.tsx';
import { Skeleton } from '#src/components/ui/skeleton.tsx';

/** Placeholder cards while the profile loads (announced once through the status text). */
export function ProfileSkeleton() {
  return (
    <div className="flex flex-col gap-6">
      <p role="status" className="sr-only">
        Loading your profile…
      </p>
      {[0, 1, 2].map((card) => (
        <Card key={card}>
          <CardHeader>
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-4 w-64" />
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-24" />
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
