// The tools under the board, in the order of their tabs (host.js hosts them). A tool
// module's default export is `{id, title, hint, mount(panel, context)}`.

import batch from './batch.js';
import check from './check.js';
import drill from './drill.js';
import explain from './explain/explain.js';
import exports from './export.js';
import play from './play.js';

export const TOOLS = [explain, check, batch, exports, play, drill];
