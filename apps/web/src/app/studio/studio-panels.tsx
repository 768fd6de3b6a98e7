import { Camera, Car, Lightbulb, Mountain, SlidersHorizontal } from 'lucide-react';
import { CameraPanel } from '@/features/camera';
import { CarPanel } from '@/features/car';
import { EnvironmentPanel } from '@/features/environment';
import { LightsPanel } from '@/features/lights';
import { LookPanel } from '@/features/look';
import type { InspectorPanel } from '@/features/studio';

/** The configurator's panels, in the order of spec §1. Each is its own feature; the app puts them side by side. */
export const STUDIO_PANELS: readonly InspectorPanel[] = [
  { id: 'car', title: 'Car', icon: Car, content: <CarPanel /> },
  { id: 'camera', title: 'Camera', icon: Camera, content: <CameraPanel /> },
  { id: 'environment', title: 'Environment', icon: Mountain, content: <EnvironmentPanel /> },
  { id: 'look', title: 'Look', icon: SlidersHorizontal, content: <LookPanel /> },
  { id: 'lights', title: 'Lights', icon: Lightbulb, content: <LightsPanel /> },
];
