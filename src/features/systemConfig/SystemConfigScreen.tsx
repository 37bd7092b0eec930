import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { t, useLanguage, type MessageKey } from '../../app/i18n/i18n';
import { ScreenFrame } from '../../app/widgets/ScreenFrame';
import { SettingsPanel } from './SettingsPanel';
import { SchemePanel } from './SchemePanel';
import { DeviceAccessPanel } from './DeviceAccessPanel';
import { GraphTreePanel } from './GraphTreePanel';
import { ChannelPanel } from '../notify/ChannelPanel';
import { RulePanel } from '../notify/RulePanel';

const TABS: { key: MessageKey; panel: () => React.ReactNode }[] = [
  { key: 'system.tabSettings', panel: () => <SettingsPanel /> },
  { key: 'system.tabSchemes', panel: () => <SchemePanel /> },
  { key: 'system.tabDevices', panel: () => <DeviceAccessPanel /> },
  { key: 'system.tabGraph', panel: () => <GraphTreePanel /> },
  { key: 'system.tabChannels', panel: () => <ChannelPanel /> },
  { key: 'system.tabRules', panel: () => <RulePanel /> },
];

/** /systemConfig: settings, access schemes, device access, the graph tree, notification channels and rules, one tab each. */
export default function SystemConfigScreen() {
  useLanguage();
  return (
    <ScreenFrame title={t('route.systemConfig')} testId="systemconfig">
      <TabGroup className="flex min-h-0 flex-1 flex-col">
        <TabList className="mb-3 flex gap-1 border-b border-line">
          {TABS.map((tab) => (
            <Tab
              key={tab.key}
              className="-mb-px border-b-2 border-transparent px-4 py-2 text-sm text-muted outline-none data-[selected]:border-brand data-[selected]:text-brand data-[hover]:text-ink"
            >
              {t(tab.key)}
            </Tab>
          ))}
        </TabList>
        <TabPanels className="flex min-h-0 flex-1 flex-col">
          {TABS.map((tab) => (
            <TabPanel key={tab.key} className="flex min-h-0 flex-1 flex-col">
              {tab.panel()}
            </TabPanel>
          ))}
        </TabPanels>
      </TabGroup>
    </ScreenFrame>
  );
}
