import { addLocale } from '../i18n/index.ts';

addLocale({
  zh: {
    stream: {
      connecting: '正在连接直播…',
      reconnecting: '信号不稳定，正在重新连接…',
      tapToPlay: '点击播放',
      tapToUnmute: '点击开启声音',
      failed: '直播加载失败，请检查网络后重试',
      unsupported: '当前浏览器不支持播放直播，请更换浏览器',
      retry: '重试',
    },
  },
  en: {
    stream: {
      connecting: 'Connecting to the stream…',
      reconnecting: 'Weak signal, reconnecting…',
      tapToPlay: 'Tap to play',
      tapToUnmute: 'Tap for sound',
      failed: 'The stream failed to load. Check your network and retry.',
      unsupported: 'This browser cannot play live streams. Please try another.',
      retry: 'Retry',
    },
  },
});
