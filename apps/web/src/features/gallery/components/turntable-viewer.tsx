import type { RenderedAssetItem } from '@autostudio/protocol';
import { Pause, Play } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Button } from '@/components/ui/button';

/** Frames a second while the turntable plays by itself. */
const PLAY_FPS = 12;
/** A drag across the whole stage turns the car once. */
const TURNS_PER_STAGE_WIDTH = 1;

const wrap = (index: number, count: number) => ((index % count) + count) % count;

/**
 * A turntable's frames as one car to turn (issue 34 item 2): drag sideways, or use the arrow keys, to turn it; Play
 * spins it. Every frame is fetched up front, so a drag never waits for a picture. `onFrame` hears which frame shows.
 */
export function TurntableViewer({
  frames,
  name,
  onFrame,
}: {
  frames: RenderedAssetItem[];
  name: string;
  onFrame?: (frame: RenderedAssetItem) => void;
}) {
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const drag = useRef<{ x: number; from: number; width: number } | null>(null);
  const count = frames.length;
  const degrees = Math.round((360 * index) / Math.max(1, count));
  const frame = frames[index];

  useEffect(() => {
    // Decoded ahead: the browser keeps them, and the stage swaps between them instantly.
    for (const item of frames) new Image().src = item.url;
  }, [frames]);

  useEffect(() => {
    if (frame) onFrame?.(frame);
  }, [frame, onFrame]);

  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => setIndex((current) => wrap(current + 1, count)), 1000 / PLAY_FPS);
    return () => clearInterval(timer);
  }, [playing, count]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, from: index, width: event.currentTarget.clientWidth || 1 };
    setPlaying(false);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start) return;
    // Dragging to the right turns the car's front towards the right, as a hand on a turntable would.
    const turned = ((event.clientX - start.x) / start.width) * TURNS_PER_STAGE_WIDTH * count;
    setIndex(wrap(start.from - Math.round(turned), count));
  };
  const onPointerUp = () => {
    drag.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowLeft: 1, ArrowRight: -1, Home: -index, End: count - 1 - index }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    setPlaying(false);
    setIndex((current) => wrap(current + step, count));
  };

  if (!frame) return null;
  return (
    <div className="flex size-full flex-col">
      <div
        role="slider"
        tabIndex={0}
        aria-label="Turn the car"
        aria-valuemin={0}
        aria-valuemax={359}
        aria-valuenow={degrees}
        aria-valuetext={`${degrees}°, frame ${index + 1} of ${count}`}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onKeyDown={onKeyDown}
        className="relative min-h-0 flex-1 cursor-grab touch-none select-none focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring active:cursor-grabbing"
      >
        <img
          src={frame.url}
          alt={`${name}, turned ${degrees}°`}
          draggable={false}
          className="pointer-events-none size-full object-contain"
        />
        <span className="absolute bottom-2 left-1/2 -translate-x-1/2 rounded bg-black/60 px-2 py-0.5 font-mono text-[11px] text-white/80 tabular-nums">
          {degrees}° · drag to turn
        </span>
      </div>
      <div className="flex items-center gap-2 border-t border-border bg-surface/80 px-2 py-1.5">
        <Button
          variant="ghost"
          size="sm"
          onClick={() => setPlaying(!playing)}
          aria-label={playing ? 'Pause the turntable' : 'Play the turntable'}
        >
          {playing ? <Pause aria-hidden /> : <Play aria-hidden />}
        </Button>
        <input
          type="range"
          min={0}
          max={count - 1}
          value={index}
          onChange={(event) => {
            setPlaying(false);
            setIndex(Number(event.target.value));
          }}
          aria-label="Frame"
          className="flex-1 accent-primary"
        />
        <span className="w-16 text-right font-mono text-[11px] text-muted-foreground tabular-nums">
          {index + 1} / {count}
        </span>
      </div>
    </div>
  );
}
