import { createRoot } from 'react-dom/client';
import { Standalone } from './Standalone';

createRoot(document.getElementById('root')!).render(<Standalone />);
