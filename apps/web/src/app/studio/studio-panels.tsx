import { Camera, Car, Mountain } from 'lucide-react';
import { CameraPanel } from '@/features/camera';
import { CarPanel } from '@/features/car';
import { EnvironmentPanel } from '@/features/environment';
import type { InspectorPanel } from '@/features/studio';

/** The configurator's panels, in the order of spec §1. Each is its own feature; the app puts them side by side. */
export const STUDIO_PANELS: readonly InspectorPanel[] = [
  { id: 'car', title: 'Car', icon: Car, content: <CarPanel /> },
  { id: 'camera', title: 'Camera', icon: Camera, content: <CameraPanel /> },
  { id: 'environment', title: 'Environment', icon: Mountain, content: <EnvironmentPanel /> },
];
