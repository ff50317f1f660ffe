import { ConfigProvider, notification, type ThemeConfig } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { RuntimeConfigContext, type RuntimeConfig } from '../shared/config/runtime-config.ts';
import { setNotificationApi } from '../shared/notifications/notify.ts';
import { AuthProvider } from './auth/auth-provider.tsx';
import { createQueryClient } from './query/query-client.ts';
import { createAppRouter } from './routes/router.tsx';

/**
 * Darker 7th shades for the preset colours whose tag text fails WCAG AA on the tag's fill, taken
 * from the same antd palettes: green, cyan, orange and volcano their 8th shade (5.4, 5.8, 5.1 and
 * 6.4:1), gold, lime and yellow their 9th (6.5, 6.6 and 5.2:1). Red, magenta, blue, geekblue and
 * purple pass as they are. antd names each shade twice (green7 and green-7, one CSS variable).
 */
const TAG_TEXT = {
  green: '#237804',
  cyan: '#006d75',
  orange: '#ad4e00',
  volcano: '#ad2102',
  gold: '#874d00',
  lime: '#3f6600',
  yellow: '#876800',
} as const;
const PRESET_TAG_TEXT: Partial<ThemeConfig['token']> = Object.fromEntries(
  Object.entries(TAG_TEXT).flatMap(([color, hex]) => [
    [`${color}7`, hex],
    [`${color}-7`, hex],
  ]),
);

// antd's default secondary and placeholder greys fall below WCAG AA contrast on white.
const THEME: ThemeConfig = {
  token: {
    colorPrimary: '#1d4ed8',
    // antd derives a lighter hover (#4373e6, 4.3:1 on white); keep hover and active states at AA.
    colorPrimaryHover: '#1e40af',
    colorPrimaryActive: '#1e3a8a',
    colorLinkHover: '#1e40af',
    colorLinkActive: '#1e3a8a',
    // Error, warning and success texts must reach 4.5:1 on white too.
    colorError: '#c41d1d',
    colorWarning: '#ad5a00',
    colorSuccess: '#2f7d12',
    colorLink: '#1d4ed8',
    colorTextSecondary: 'rgba(0, 0, 0, 0.68)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextDescription: 'rgba(0, 0, 0, 0.65)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.58)',
    // A preset-colour tag (<Tag color="green">) writes its text in the palette's 7th shade on its
    // 1st; for these colours that falls under 4.5:1 (green #389e0d on #f6ffed is 3.4:1).
    ...PRESET_TAG_TEXT,
    borderRadius: 6,
    fontFamily:
      "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    // An unchecked switch is drawn in the quaternary grey (white 'No' on it is 1.8:1); these
    // greys keep its label at 4.8:1, and 7:1 under the pointer.
    Switch: { colorTextQuaternary: '#6b7280', colorTextTertiary: '#4b5563' },
  },
};

/**
 * Hands a context-bound notification API to notify.ts, so notices follow the theme. This is
 * what antd's App component does inside; App itself also pulls in Modal and Form, which would
 * push the first page over its JavaScript budget.
 */
function NotificationBridge() {
  const [api, contextHolder] = notification.useNotification({ placement: 'topRight' });
  useEffect(() => {
    setNotificationApi(api);
    return () => setNotificationApi(null);
  }, [api]);
  return contextHolder;
}

export function App({ config }: { config: RuntimeConfig }) {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);
  return (
    <RuntimeConfigContext.Provider value={config}>
      <ConfigProvider theme={THEME}>
        <NotificationBridge />
        <QueryClientProvider client={queryClient}>
          <AuthProvider>
            <RouterProvider router={router} />
          </AuthProvider>
        </QueryClientProvider>
      </ConfigProvider>
    </RuntimeConfigContext.Provider>
  );
}
