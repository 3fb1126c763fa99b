// The tools under the board, in the order of their tabs (www/tools.js hosts them). A tool
// module's default export is `{id, title, hint, mount(panel, context)}`.

import check from './check.js';
import explain from './explain.js';

export const TOOLS = [explain, check];
