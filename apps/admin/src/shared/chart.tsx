import type { CSSProperties } from 'react';
import { theme } from 'antd';
import ReactECharts from 'echarts-for-react';

/** An ECharts chart of the console: its series grow in briefly, or are drawn at once when the console's motion is off (App: less motion asked for). */
export function Chart({ option, style, notMerge }: { option: object; style: CSSProperties; notMerge?: boolean }) {
  const { motion } = theme.useToken().token;
  return <ReactECharts style={style} notMerge={notMerge} option={{ animation: motion, animationDuration: 300, ...option }} />;
}
