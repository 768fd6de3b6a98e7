import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { FAILURE_TOASTS, type AssetModel } from '@autostudio/protocol';
import { paths } from '@/config/paths';
import { loadProduct } from '../lib/load-product';

export interface ProductLoad {
  /** The product being loaded, or null. */
  loading: AssetModel | null;
  percentage: number;
  choose: (product: AssetModel) => void;
}

/** Choosing a product on /landing: load it in a live session, then open the configurator; a toast on failure. */
export function useProductLoad(): ProductLoad {
  const navigate = useNavigate();
  const [loading, setLoading] = useState<AssetModel | null>(null);
  const [percentage, setPercentage] = useState(0);

  const choose = useCallback(
    (product: AssetModel) => {
      setLoading(product);
      setPercentage(0);
      loadProduct(product, setPercentage).then(
        async () => {
          setLoading(null);
          await navigate(paths.home);
        },
        (error: unknown) => {
          setLoading(null);
          console.error('product load failed', error);
          toast.error(FAILURE_TOASTS.loadSelectedProduct);
        },
      );
    },
    [navigate],
  );

  return { loading, percentage, choose };
}
