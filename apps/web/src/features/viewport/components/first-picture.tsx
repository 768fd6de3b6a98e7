import { useState } from 'react';
import { cn } from '@/lib/cn';

interface FirstPictureProps {
  /** The still to show; null shows nothing. */
  url: string | null;
  /** False fades the still out over the live video below it. */
  visible: boolean;
}

/**
 * A still of the car under the stream's overlay: what the user opened, at once, instead of a black box while the
 * engine and the stream start. It crossfades to the video rather than cutting, so the change reads as the car
 * coming alive. A still that cannot load hides itself (the overlay's own veil is then all there is).
 */
export function FirstPicture({ url, visible }: FirstPictureProps) {
  const [broken, setBroken] = useState<string | null>(null);
  if (!url || broken === url) return null;
  return (
    <img
      src={url}
      alt=""
      aria-hidden
      data-testid="first-picture"
      data-visible={visible ? 'true' : 'false'}
      decoding="async"
      fetchPriority="high"
      onError={() => setBroken(url)}
      className={cn(
        'pointer-events-none absolute inset-0 size-full object-contain transition-opacity duration-700 ease-out',
        visible ? 'opacity-100' : 'opacity-0',
      )}
    />
  );
}
