// A findBy*/waitFor in this package waits for antd's render (or a lazily loaded chunk such as the date picker) to
// finish, CPU work that takes several times longer while the machine is busy; the default 1 s failed there. The
// wait still ends as soon as its condition holds: the limit only stops a wait that would never end.
// (@testing-library/dom, not /react: importing /react here, before the test framework, would lose its auto-cleanup.)
require('@testing-library/dom').configure({ asyncUtilTimeout: 30_000 });
