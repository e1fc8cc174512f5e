// The overlays the app's own first load needs only when something goes wrong or asks: loaded on first use (overlays.ts).
export { Dialog, Toast } from 'antd-mobile';
