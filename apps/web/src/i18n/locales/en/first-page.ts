// The catalogues the first page needs in this language (the shell, home, status and error texts),
// fetched as one chunk before the first render; every other feature's come with its screen.
import common from './common.json';
import errors from '@panalo/client/errors/en/errors-shell.json';
import home from './home.json';
import msg from './msg.json';
import shell from './shell.json';
import status from './status.json';

export default { ...common, ...shell, ...status, ...errors, ...msg, ...home } as Record<string, unknown>;
