import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { Config } from '@autostudio/protocol';
import { ComparePage, comparedIds } from '@/features/compare';
import { openInStudio } from './open-in-studio';

/** Issue 33 item 5: configurations side by side, their ids in the address so that a comparison can be sent on. */
export default function CompareRoute() {
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const [opening, setOpening] = useState<string | null>(null);
  const ids = comparedIds(search);
  const open = (config: Config) => {
    setOpening(config.id);
    void openInStudio(config, navigate).finally(() => setOpening(null));
  };
  return (
    <ComparePage
      ids={ids}
      onChange={(next) => setSearch(next.length > 0 ? { ids: next.join(',') } : {})}
      onOpen={open}
      openingId={opening}
    />
  );
}
