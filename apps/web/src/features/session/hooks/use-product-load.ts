import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { LINE_MESSAGES, type AssetModel, type LineStanding } from '@autostudio/protocol';
import { paths } from '@/config/paths';
import { useFirstPictureStore } from '@/lib/first-picture';
import { showLoading } from '@/lib/loading/loading-store';
import { announceLoadFailure } from '../lib/load-failure';
import { loadProduct, PRODUCT_LOAD_STEPS } from '../lib/load-product';

export interface ProductLoad {
  /** The product being loaded, or null. */
  loading: AssetModel | null;
  choose: (product: AssetModel) => void;
}

/**
 * Loads a product in a live session behind the global loading overlay (its steps and the download's percentage), over
 * a still of it: the product's preview, or the still of the configuration being opened.
 * Resolves once the car is in the engine; rejects with what went wrong, the overlay hidden either way.
 */
export async function loadProductWithOverlay(
  product: AssetModel,
  description?: string,
  picture: string | null = product.previewUrl,
): Promise<void> {
  const title = `Loading ${product.name}...`;
  const overlay = showLoading({
    title,
    description: description ?? PRODUCT_LOAD_STEPS.session,
    showPercentage: true,
    picture,
  });
  // The same still stays up in the studio's viewport until its stream is live.
  useFirstPictureStore.getState().hold(picture);
  // Every engine in use: the overlay shows the user's place in line over the same still, and lets them leave.
  const leaving = new AbortController();
  const inLine = {
    signal: leaving.signal,
    onStanding: (standing: LineStanding) =>
      overlay.update({
        title: LINE_MESSAGES.place(standing.place),
        description: LINE_MESSAGES.wait(standing.estimatedWaitMs),
        note: LINE_MESSAGES.hint,
        showPercentage: false,
        action: { label: LINE_MESSAGES.leave, run: () => leaving.abort() },
      }),
  };
  try {
    await loadProduct(
      product,
      (percentage) => overlay.update(percentage),
      (step) =>
        overlay.update({ title, description: PRODUCT_LOAD_STEPS[step], showPercentage: true, note: '', action: null }),
      inLine,
    );
  } finally {
    overlay.hide();
    useFirstPictureStore.getState().release();
  }
}

/**
 * Choosing a product on /landing: load it in a live session, then open the configurator; a toast on failure, with
 * the server's reason when no engine could be had.
 */
export function useProductLoad(): ProductLoad {
  const navigate = useNavigate();
  const [loading, setLoading] = useState<AssetModel | null>(null);

  const choose = useCallback(
    (product: AssetModel) => {
      setLoading(product);
      loadProductWithOverlay(product).then(
        async () => {
          setLoading(null);
          await navigate(paths.home);
        },
        (error: unknown) => {
          setLoading(null);
          console.error('product load failed', error);
          announceLoadFailure(error);
        },
      );
    },
    [navigate],
  );

  return { loading, choose };
}
