import { Car, Lightbulb, SlidersHorizontal } from 'lucide-react';
import { CarPanel } from '@/features/car';
import { LightsPanel } from '@/features/lights';
import { LookPanel } from '@/features/look';
import type { InspectorPanel } from '@/features/studio';

/** The configurator's panels, in the order of spec §1. Each is its own feature; the app puts them side by side. */
export const STUDIO_PANELS: readonly InspectorPanel[] = [
  { id: 'car', title: 'Car', icon: Car, content: <CarPanel /> },
  { id: 'look', title: 'Look', icon: SlidersHorizontal, content: <LookPanel /> },
  { id: 'lights', title: 'Lights', icon: Lightbulb, content: <LightsPanel /> },
];
