import { watchEffect } from 'vue';

/** Applies a theme to the whole document (CSS variables switch on `data-theme`). */
export function useTheme(theme: () => 'dark' | 'light'): void {
  watchEffect(() => {
    document.documentElement.dataset['theme'] = theme();
  });
}
