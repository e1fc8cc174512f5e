import { AVATAR_URL_PREFIX } from '@bp/contract';
import type { Module } from '../../platform/deps.ts';
import { serveBundledAssets } from '../../platform/http/index.ts';
import { memberRoutes } from './routes.ts';
import { messageRoutes } from './message-routes.ts';
import { seedWelcomeMessages } from './messages.ts';
import { helpRoutes, seedHelp } from './help.ts';
import { agentRoutes, seedAgentContacts } from './agents.ts';
import { AVATARS_DIR } from './avatars.ts';

export { avatarUrl, AVATAR_IDS } from './avatars.ts';
/** The operator's levers (the back office calls these). */
export { sendMessage } from './messages.ts';
export { decideAgent } from './agents.ts';
export { agentApplications, agentMembers, agentsWithRates, setAgentRate } from './agent-review.ts';
export {
  helpArticleForOperator,
  helpCategoryForOperator,
  helpForOperator,
  removeHelpArticle,
  removeHelpCategory,
  saveHelpArticle,
  saveHelpCategory,
} from './help-operator.ts';

export const memberModule: Module = {
  name: 'member',
  async install(app, deps) {
    await serveBundledAssets(app, AVATARS_DIR, AVATAR_URL_PREFIX);
    memberRoutes(app, deps);
    messageRoutes(app, deps);
    helpRoutes(app, deps);
    agentRoutes(app, deps);
  },
  async seed(deps) {
    await seedWelcomeMessages(deps);
    await seedHelp(deps);
    await seedAgentContacts(deps);
  },
};
