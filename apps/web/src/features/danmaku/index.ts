/** The danmaku feature's entry for lazy loading (app/pages/DetailPage.tsx): the layer and the controls. */
export { DanmakuControls, type DanmakuControlsProps } from './DanmakuControls';
export { DanmakuLayer, type DanmakuLayerProps } from './DanmakuLayer';
