// The Settings dialog's workspace bindings (issue 15 item 3): the list shows config.json's
// bindings (skip markers and gone folders included), Remove (button or Delete key) removes exactly
// the selected one, Add… offers the user's projects from GET /api/projects/mine and writes the
// binding, and a backend that cannot list projects leaves nothing to bind. Keyboard and
// accessibility: every control has an accessible name and is reachable with Tab.
#include "binding/WorkspaceBinder.h"
#include "bindings/AddBindingDialog.h"
#include "bindings/BindingsModel.h"
#include "bindings/BindingsPanel.h"
#include "windows/SettingsDialog.h"

#include "DevServerProcess.h"
#include "TeamaiRunner.h"
#include "ShowAndWait.h"
#include "TestCases.h"
#include "TestEnvironment.h"

#include <QComboBox>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QtTest>

#include <memory>

using namespace teamai;
using namespace teamai::ui;

class TestBindingsPanel : public teamai::test::ServerTestCase
{
    Q_OBJECT

    QString folder(const QString &name) const
    {
        const QString path = QFileInfo(env->home()).canonicalFilePath() + u'/' + name;
        QDir().mkpath(path);
        return path;
    }
    QJsonObject bindings() const
    {
        return QJsonDocument::fromJson(env->readFile(QStringLiteral(".teamai/local-agent/config.json"))).object()
            .value(QStringLiteral("workspaceBindings")).toObject();
    }
    static binding::Project project(qint64 id, const QString &name) { return {QJsonValue(id), name, {}}; }

    void setUp() override
    {
        server->setSettings(QJsonObject{{QStringLiteral("projects"),
                                         QJsonArray{QJsonObject{{QStringLiteral("id"), 7}, {QStringLiteral("name"), QStringLiteral("Alpha")}},
                                                    QJsonObject{{QStringLiteral("id"), 9}, {QStringLiteral("name"), QStringLiteral("Beta")}}}}});
    }

private slots:
    void listsTheBindings()
    {
        QVERIFY(binding::binder::bind(folder(QStringLiteral("app")), project(7, QStringLiteral("Alpha"))).ok);
        QVERIFY(binding::binder::skip(folder(QStringLiteral("skipped"))).ok);
        const QString gone = folder(QStringLiteral("gone"));
        QVERIFY(binding::binder::bind(gone, project(9, QStringLiteral("Beta"))).ok);
        QVERIFY(QDir(gone).removeRecursively());

        BindingsPanel panel;
        BindingsModel *model = panel.model();
        QCOMPARE(model->rowCount(), 3);
        QStringList shown;
        for (int row = 0; row < 3; ++row)
            shown << model->index(row, BindingsModel::Folder).data().toString() + u'|' + model->index(row, BindingsModel::Project).data().toString();
        QVERIFY2(shown.contains(folder(QStringLiteral("app")) + QStringLiteral("|Alpha (id 7)")), qPrintable(shown.join(u'\n')));
        QVERIFY2(shown.contains(folder(QStringLiteral("skipped")) + QStringLiteral("|not bound (skipped)")), qPrintable(shown.join(u'\n')));
        QVERIFY2(shown.contains(gone + QStringLiteral(" (gone)|Beta (id 9)")), qPrintable(shown.join(u'\n')));
        QVERIFY(panel.status()->text().isEmpty());
        QVERIFY(!panel.removeButton()->isEnabled());  // nothing selected yet
    }

    void removeTakesExactlyTheSelectedOne()
    {
        QVERIFY(binding::binder::bind(folder(QStringLiteral("a")), project(7, QStringLiteral("Alpha"))).ok);
        QVERIFY(binding::binder::bind(folder(QStringLiteral("b")), project(9, QStringLiteral("Beta"))).ok);
        BindingsPanel panel;
        QVERIFY(teamai::test::showAndWait(panel));
        panel.table()->selectRow(0);  // sorted by path: a
        QVERIFY(panel.removeButton()->isEnabled());
        QTest::mouseClick(panel.removeButton(), Qt::LeftButton);
        QCOMPARE(bindings().keys(), QStringList{folder(QStringLiteral("b"))});
        QCOMPARE(panel.model()->rowCount(), 1);

        // The Delete key does the same from the table.
        panel.table()->setFocus();
        panel.table()->selectRow(0);
        QTest::keyClick(panel.table(), Qt::Key_Delete);
        QVERIFY(bindings().isEmpty());
        QVERIFY(panel.status()->text().contains(QStringLiteral("Removed")));
    }

    void addBindsAFolderToAChosenProject()
    {
        BindingsPanel panel;
        QVERIFY(teamai::test::showAndWait(panel));
        QVERIFY(panel.status()->text().contains(QStringLiteral("No workspace is bound")));
        AddBindingDialog *dialog = panel.openAddDialog();
        QSignalSpy loaded(dialog, &AddBindingDialog::projectsLoaded);
        QVERIFY(loaded.wait(10000));
        QVERIFY(loaded.first().first().toBool());
        QCOMPARE(dialog->projectBox()->count(), 2);
        QCOMPARE(dialog->projectBox()->itemText(1), QStringLiteral("Beta (id 9)"));
        QVERIFY(!dialog->bindButton()->isEnabled());  // no folder yet

        // A folder inside a git checkout binds the checkout's root.
        const QString repo = folder(QStringLiteral("repo"));
        QDir().mkpath(repo + QStringLiteral("/.git"));
        QDir().mkpath(repo + QStringLiteral("/src"));
        dialog->folderField()->setText(repo + QStringLiteral("/src"));
        dialog->projectBox()->setCurrentIndex(1);
        QVERIFY(dialog->bindButton()->isEnabled());
        QSignalSpy bound(dialog, &AddBindingDialog::bound);
        QTest::mouseClick(dialog->bindButton(), Qt::LeftButton);
        QCOMPARE(bound.count(), 1);
        QCOMPARE(bound.first().first().toString(), repo);
        const QJsonObject entry = bindings().value(repo).toObject();
        QCOMPARE(entry.value(QStringLiteral("projectId")), QJsonValue(9));
        QCOMPARE(entry.value(QStringLiteral("projectName")).toString(), QStringLiteral("Beta"));
        QCOMPARE(panel.model()->rowCount(), 1);
        QVERIFY(server->requests(QStringLiteral("projects")).size() == 1);
    }

    void aFolderThatIsNotThereIsRefused()
    {
        BindingsPanel panel;
        AddBindingDialog *dialog = panel.openAddDialog();
        QSignalSpy loaded(dialog, &AddBindingDialog::projectsLoaded);
        QVERIFY(loaded.wait(10000));
        dialog->folderField()->setText(env->home() + QStringLiteral("/missing"));
        dialog->bind();
        QVERIFY(!dialog->message()->text().isEmpty());
        QVERIFY(dialog->isVisible());
        QVERIFY(bindings().isEmpty());
    }

    void aBackendThatCannotListProjectsLeavesNothingToBind_data()
    {
        QTest::addColumn<QJsonObject>("fault");
        QTest::newRow("500") << QJsonObject{{QStringLiteral("status"), 500}, {QStringLiteral("body"), QJsonObject{{QStringLiteral("error"), QStringLiteral("boom")}}}};
        QTest::newRow("malformed") << QJsonObject{{QStringLiteral("status"), 200}, {QStringLiteral("body"), QJsonObject{{QStringLiteral("projects"), 5}}}};
    }
    void aBackendThatCannotListProjectsLeavesNothingToBind()
    {
        QFETCH(QJsonObject, fault);
        fault.insert(QStringLiteral("route"), QStringLiteral("projects"));
        server->setFault(fault);
        BindingsPanel panel;
        AddBindingDialog *dialog = panel.openAddDialog();
        QSignalSpy loaded(dialog, &AddBindingDialog::projectsLoaded);
        QVERIFY(loaded.wait(10000));
        QVERIFY(!loaded.first().first().toBool());
        QVERIFY(!dialog->projectBox()->isEnabled());
        QVERIFY(dialog->message()->text().startsWith(QStringLiteral("Cannot list your projects")));
        dialog->folderField()->setText(folder(QStringLiteral("app")));
        QVERIFY(!dialog->bindButton()->isEnabled());
        dialog->bind();
        QVERIFY(bindings().isEmpty());
    }

    void keyboardAndAccessibility()
    {
        SettingsDialog settings(test::builtBinary("TEAMAI_BIN"));
        BindingsPanel *panel = settings.findChild<BindingsPanel *>();
        QVERIFY2(panel, "the Settings dialog holds the bindings panel");
        for (QWidget *widget : {static_cast<QWidget *>(panel->table()), static_cast<QWidget *>(panel->addButton()),
                                static_cast<QWidget *>(panel->removeButton())}) {
            QVERIFY(!widget->accessibleName().isEmpty());
            QVERIFY(widget->focusPolicy() & Qt::TabFocus);
        }
        QVERIFY(panel->addButton()->text().contains(u'&'));  // Alt+A
        AddBindingDialog dialog;
        for (QWidget *widget : {static_cast<QWidget *>(dialog.folderField()), static_cast<QWidget *>(dialog.projectBox())})
            QVERIFY(!widget->accessibleName().isEmpty());
    }
};

QTEST_MAIN(TestBindingsPanel)
#include "tst_bindingspanel.moc"
