import { createContext, useContext } from 'react';
import type { Theme } from '@autostudio/protocol';

export interface ThemeContextValue {
  theme: Theme;
  /** The theme in effect: `system` resolved through the OS preference. */
  resolvedTheme: 'light' | 'dark';
  setTheme: (theme: Theme) => void;
}

export const ThemeContext = createContext<ThemeContextValue | null>(null);

export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error('useTheme must be used inside <ThemeProvider>');
  return value;
}
