import { CommentOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { AnchorRoomsPage } from './AnchorRoomsPage.tsx';
import { ModerationPage } from './ModerationPage.tsx';

/** The live screens, for the console's menu and router. */
export const LIVE_PAGES = [
  { path: '/live/rooms', label: '主播直播间', icon: <VideoCameraOutlined />, permission: 'live.manage', group: '直播', element: <AnchorRoomsPage /> },
  { path: '/live/moderation', label: '聊天室管理', icon: <CommentOutlined />, permission: 'live.moderate', group: '直播', element: <ModerationPage /> },
] as const;
