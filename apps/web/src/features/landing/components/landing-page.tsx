import { Car, ChevronRight } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { FAILURE_TOASTS, LIST_DEFAULTS, type AssetModel } from '@autostudio/protocol';
import { ListFilterSelects } from '@/components/data-table/list-filter-selects';
import { Pagination } from '@/components/ui/pagination';
import { SearchInput } from '@/components/ui/search-input';
import { Spinner } from '@/components/ui/spinner';
import type { ListSpec } from '@/lib/list/list-params';
import { useListParams } from '@/lib/list/use-list-params';
import { useListQuery } from '@/lib/list/use-list-query';
import {
  assetModelKeys,
  listAssetModels,
  PREVIEW_WATCH,
  useAssetModelFilterOptions,
  type AssetModelFilter,
} from '@/api/asset-models';

/** What /landing filters the catalogue by (spec §3 "Asset model": category and brand). */
type ProductFilter = Extract<AssetModelFilter, 'category' | 'brand'>;

/** The catalogue as a list of the one list contract: spec §9's asset defaults, search and filters in the address. */
const LIST: ListSpec<ProductFilter> = {
  defaults: LIST_DEFAULTS.assets,
  filters: { category: '', brand: '' },
  sorts: [],
};

export interface LandingPageProps {
  userName: string;
  /** Opens a product in the studio. */
  onChoose: (product: AssetModel) => void;
  /** The product being loaded; the others wait. */
  loadingId?: string | null;
  /** Beside the welcome: what the app puts there (the user's storage). */
  aside?: ReactNode;
}

/** Where users pick a product to configure: the asset models they may see, the built-in car among them. */
export function LandingPage({ userName, onChoose, loadingId = null, aside }: LandingPageProps) {
  const controls = useListParams(LIST);
  const { params, update } = controls;
  const [openedAt] = useState(() => Date.now());
  const products = useListQuery({
    key: assetModelKeys.lists(),
    controls,
    fetch: listAssetModels,
    failure: FAILURE_TOASTS.fetchAssetModels,
    refetchInterval: (items) =>
      items.some((product) => product.previewUrl === null) && Date.now() - openedAt < PREVIEW_WATCH.forMs
        ? PREVIEW_WATCH.intervalMs
        : false,
  });
  const options = useAssetModelFilterOptions();
  const items = products.items;
  const narrowed = params.search !== '' || params.filters.category !== '' || params.filters.brand !== '';
  const idPrefix = useId();

  return (
    <main className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-6 py-8">
      <div className="flex items-end justify-between gap-4">
        <div>
          <h1 className="text-xl font-semibold tracking-tight">Welcome, {userName}</h1>
          <p className="text-muted-foreground">Choose a vehicle to open it in the studio.</p>
        </div>
        {aside}
      </div>
      <div role="search" aria-label="Find a vehicle" className="flex flex-wrap items-end gap-2">
        <SearchInput
          label="Search vehicles"
          value={params.search}
          onSearch={(search) => update({ search })}
          className="w-72"
        />
        <ListFilterSelects
          controls={controls}
          filters={[
            { name: 'category', label: 'Category', anyLabel: 'All categories', options: options.data?.categories },
            { name: 'brand', label: 'Brand', anyLabel: 'All brands', options: options.data?.brands },
          ]}
        />
      </div>
      {products.isLoading ? (
        <Spinner label="Loading vehicles" />
      ) : products.error !== null ? (
        <p role="alert" className="text-destructive">
          {FAILURE_TOASTS.fetchAssetModels}
        </p>
      ) : items.length === 0 && narrowed ? (
        <p role="status" className="text-muted-foreground">
          {params.search ? `No vehicle matches “${params.search}”.` : 'No vehicle matches these filters.'}
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
        <>
          <ul aria-label="Products" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {items.map((product) => {
              const detailsId = `${idPrefix}-${product.id}`;
              return (
                <li key={product.id}>
                  <button
                    type="button"
                    disabled={loadingId !== null}
                    onClick={() => onChoose(product)}
                    aria-label={`Open ${product.name}`}
                    aria-describedby={detailsId}
                    className="group flex w-full flex-col overflow-hidden rounded-lg border border-border bg-surface text-left transition-colors hover:border-primary/60 hover:bg-surface-raised focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:opacity-60"
                  >
                    {/* 16:9, the shape of the previews the server renders, so they fill the card uncropped. */}
                    <span className="relative flex aspect-video w-full items-center justify-center overflow-hidden bg-muted">
                      {product.previewUrl ? (
                        <img
                          src={product.previewUrl}
                          alt=""
                          loading="lazy"
                          className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
                        />
                      ) : (
                        <Car className="size-10 text-muted-foreground" aria-hidden />
                      )}
                      {loadingId === product.id && (
                        <span className="absolute inset-0 flex items-center justify-center bg-black/50">
                          <Spinner className="size-5" label={`Opening ${product.name}`} />
                        </span>
                      )}
                    </span>
                    <span className="flex w-full items-center gap-2 px-3 py-2.5">
                      <span className="min-w-0 flex-1">
                        <span className="block truncate font-medium">{product.name}</span>
                        {/* Out of the name, which must hold only what the label says (axe's label-in-name): read as the
                        card's description instead. */}
                        <span id={detailsId} aria-hidden className="block truncate text-[12px] text-muted-foreground">
                          {[product.brand, product.category, product.type].filter(Boolean).join(' · ') || 'Vehicle'}
                        </span>
                      </span>
                      <ChevronRight
                        className="size-4 shrink-0 text-muted-foreground group-hover:text-foreground"
                        aria-hidden
                      />
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
          <div className="flex justify-end">
            <Pagination
              page={params.page}
              limit={params.limit}
              total={products.total}
              onPage={(page) => update({ page })}
              disabled={products.isFetching}
            />
          </div>
        </>
      )}
    </main>
  );
}
