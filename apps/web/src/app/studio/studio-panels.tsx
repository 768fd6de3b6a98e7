import { Camera, Car, Lightbulb, Mountain, SlidersHorizontal } from 'lucide-react';
import { lazy } from 'react';
import { CarPanel } from '@/features/car';
import type { InspectorPanel } from '@/features/studio';

// The first panel comes with the studio; the others load when their tab is first opened (the /home budget).
const CameraPanel = lazy(() => import('./camera-with-moves').then((m) => ({ default: m.CameraWithMoves })));
const EnvironmentPanel = lazy(() => import('@/features/environment').then((m) => ({ default: m.EnvironmentPanel })));
const LookPanel = lazy(() => import('./look-with-presets').then((m) => ({ default: m.LookWithPresets })));
const LightsPanel = lazy(() => import('@/features/lights').then((m) => ({ default: m.LightsPanel })));

/** The configurator's panels, in the order of spec §1. Each is its own feature; the app puts them side by side. */
export const STUDIO_PANELS: readonly InspectorPanel[] = [
  { id: 'car', title: 'Car', icon: Car, content: <CarPanel /> },
  { id: 'camera', title: 'Camera', icon: Camera, content: <CameraPanel /> },
  { id: 'environment', title: 'Environment', icon: Mountain, content: <EnvironmentPanel /> },
  { id: 'look', title: 'Look', icon: SlidersHorizontal, content: <LookPanel /> },
  { id: 'lights', title: 'Lights', icon: Lightbulb, content: <LightsPanel /> },
];
