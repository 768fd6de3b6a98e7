import { Car, ChevronRight } from 'lucide-react';
import { FAILURE_TOASTS, type AssetModel } from '@autostudio/protocol';
import { Spinner } from '@/components/ui/spinner';
import { useProducts } from '../api/products-api';

export interface LandingPageProps {
  userName: string;
  /** Opens a product in the studio. */
  onChoose: (product: AssetModel) => void;
  /** The product being loaded; the others wait. */
  loadingId?: string | null;
}

/** Where users pick a product to configure: the asset models they may see, the built-in car among them. */
export function LandingPage({ userName, onChoose, loadingId = null }: LandingPageProps) {
  const products = useProducts();
  const items = products.data?.items ?? [];

  return (
    <main className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-6 py-8">
      <div>
        <h1 className="text-xl font-semibold tracking-tight">Welcome, {userName}</h1>
        <p className="text-muted-foreground">Choose a vehicle to open it in the studio.</p>
      </div>
      {products.isPending ? (
        <Spinner label="Loading vehicles" />
      ) : products.isError ? (
        <p role="alert" className="text-destructive">
          {FAILURE_TOASTS.fetchAssetModels}
        </p>
      ) : items.length === 0 ? (
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
      ) : (
        <ul aria-label="Products" className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((product) => (
            <li key={product.id}>
              <button
                type="button"
                disabled={loadingId !== null}
                onClick={() => onChoose(product)}
                aria-label={`Open ${product.name}`}
                className="group flex w-full items-center gap-3 rounded-lg border border-border bg-surface p-3 text-left transition-colors hover:border-primary/60 hover:bg-surface-raised focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:opacity-60"
              >
                <span className="flex size-14 shrink-0 items-center justify-center overflow-hidden rounded-md bg-muted">
                  {product.previewUrl ? (
                    <img src={product.previewUrl} alt="" className="size-full object-cover" />
                  ) : (
                    <Car className="size-6 text-muted-foreground" aria-hidden />
                  )}
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{product.name}</span>
                  <span className="block truncate text-[12px] text-muted-foreground">
                    {[product.brand, product.category, product.type].filter(Boolean).join(' · ') || 'Vehicle'}
                  </span>
                </span>
                {loadingId === product.id ? (
                  <Spinner className="size-4" label={`Opening ${product.name}`} />
                ) : (
                  <ChevronRight className="size-4 text-muted-foreground group-hover:text-foreground" aria-hidden />
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
