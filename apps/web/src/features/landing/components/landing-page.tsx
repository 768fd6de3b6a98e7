import { Car } from 'lucide-react';

/** Where users pick a product to configure. Products arrive with the engine sessions. */
export function LandingPage({ userName }: { userName: string }) {
  return (
    <main className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-6 py-8">
      <div>
        <h1 className="text-xl font-semibold tracking-tight">Welcome, {userName}</h1>
        <p className="text-muted-foreground">Choose a vehicle to open it in the studio.</p>
      </div>
      <section
        aria-label="Products"
        className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-border px-6 py-16 text-center"
      >
        <Car className="size-8 text-muted-foreground" aria-hidden />
        <h2 className="font-medium">No vehicles available yet</h2>
        <p className="max-w-sm text-muted-foreground">
          Vehicles your administrator publishes or shares with you appear here.
        </p>
      </section>
    </main>
  );
}
