// Run before each test file of the shared-process project (vitest.config.ts, setupFiles): the files there
// share one worker's loaded modules, so the process-wide state a file would otherwise start without is
// cleared here. The once-per-process warnings (src/util/warn-once.ts) warn again, as in a new process, and
// the registry of secrets to mask (src/errors) is emptied: a token another file's client registered
// would mask pieces of this file's text (a 4-character prefix of it at the end of a message), and the
// note that the process received synthetic data (src/util/synthetic-data.ts) is dropped: charts are
// marked from it, and a chart drawn here must not be marked because another file used the sandbox.
import { forgetSecretsForTests } from "../../src/errors/errors";
import { forgetSyntheticDataForTests } from "../../src/util/synthetic-data";
import { resetWarnings } from "../../src/util/warn-once";

resetWarnings();
forgetSecretsForTests();
forgetSyntheticDataForTests();
