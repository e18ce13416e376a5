import { app, Menu, type MenuItemConstructorOptions } from 'electron';

/** The usual menus, built from Electron's roles so each OS gets its own shortcuts. */
export const buildMenu = (isDev: boolean): Menu => {
  const mac = process.platform === 'darwin';
  const template: MenuItemConstructorOptions[] = [
    ...(mac ? [{ role: 'appMenu' as const }] : []),
    { role: 'fileMenu' },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
        ...(isDev ? [{ type: 'separator' as const }, { role: 'reload' as const }, { role: 'toggleDevTools' as const }] : []),
      ],
    },
    { role: 'windowMenu' },
    {
      role: 'help',
      submenu: [{ label: `About ${app.getName()}`, click: () => app.showAboutPanel() }],
    },
  ];
  return Menu.buildFromTemplate(template);
};
