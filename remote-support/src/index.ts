// Async boundary: shared singletons (react, antd, @site/runtime) are negotiated before bootstrap runs.
import('./bootstrap');
