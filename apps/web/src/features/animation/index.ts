export { useTimelineStore, UNTITLED_ANIMATION, type TimelineState } from './stores/timeline-store';
export { useAnimationPlaybackStore, type PlaybackState } from './stores/animation-playback-store';
export { TimelinePanel, type TimelinePanelProps } from './components/timeline-panel';
export { PresetAnimationPicker, type PresetAnimationPickerProps } from './components/preset-animation-picker';
