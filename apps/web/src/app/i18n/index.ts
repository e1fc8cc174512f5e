// The app's languages: the shared i18n instance with the words of the features the first screen
// needs at once (each adds its own words when loaded); lazy screens bring theirs with their chunk.
import '../../features/site/locale.ts';
import '../../features/home/locale.ts';
import '../../features/auth/locale.ts';
import '../../features/member/locale.ts';

export { default, applyLanguageFlag } from '../../shared/i18n/index.ts';
