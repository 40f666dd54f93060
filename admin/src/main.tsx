// The operator console's entry (issue 18): its own bundle under /admin, never part of the shop's.
// The shop's tokens first, so every CSS module after it reads the same colours and spacing.
import '@ui/tokens.css';
import './app/console.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConsoleApp } from './app/console-app.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('index.html 缺少 #root 容器');

createRoot(container).render(
  <StrictMode>
    <ConsoleApp />
  </StrictMode>,
);
