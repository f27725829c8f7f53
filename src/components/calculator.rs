//! The page: parameters on the side, results and the detailed editors in the main column.

use yew::prelude::*;

use super::{
    BreakdownTable, ChartsPanel, ComparePanel, CoursePanel, GpuChoices, Headline, LabsEditor,
    LinkNotice, Notice, PricingPanel, PrintHeader, ProjectEditor, ProviderComparison, RealismPanel,
    SchedulePanel, ShareBar, SpreadPanel,
};

/// The calculator.
#[component]
pub fn Calculator() -> Html {
    html! {
        <main class="calculator">
            <aside class="controls" aria-label="Course parameters">
                <CoursePanel />
                <PricingPanel />
                <RealismPanel />
            </aside>
            <div class="results">
                <PrintHeader />
                <ShareBar />
                <LinkNotice />
                <Notice />
                <Headline />
                <ChartsPanel which="cost-by-lab" />
                <BreakdownTable />
                <ComparePanel />
                <ProviderComparison />
                <SpreadPanel />
                <SchedulePanel />
                <div class="chart-pair no-print">
                    <ChartsPanel which="hours" />
                    <ChartsPanel which="categories" />
                </div>
                <LabsEditor />
                <ProjectEditor />
                <GpuChoices />
            </div>
        </main>
    }
}
