// Async boundary: shared singletons (react, antd, @site/app-runtime) are negotiated before bootstrap runs.
import('./bootstrap');
