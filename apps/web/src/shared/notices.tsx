import { message, notification } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { createContext, useContext, useMemo, type ReactNode } from 'react';

export interface Notices {
  notification: NotificationInstance;
  message: MessageInstance;
}

const NoticesContext = createContext<Notices | null>(null);

/**
 * Themed toasts and notifications. Ant Design's <App> would give the same
 * through App.useApp(), but it also bundles Modal, which the sign-in page
 * cannot afford within its download budget.
 */
export function NoticesProvider({ rtl, children }: { rtl: boolean; children: ReactNode }) {
  const [notificationApi, notificationHolder] = notification.useNotification({ placement: rtl ? 'topLeft' : 'topRight' });
  const [messageApi, messageHolder] = message.useMessage();
  const value = useMemo(() => ({ notification: notificationApi, message: messageApi }), [notificationApi, messageApi]);
  return (
    <NoticesContext.Provider value={value}>
      {notificationHolder}
      {messageHolder}
      {children}
    </NoticesContext.Provider>
  );
}

export function useNotices(): Notices {
  const notices = useContext(NoticesContext);
  if (!notices) throw new Error('useNotices needs a NoticesProvider');
  return notices;
}
