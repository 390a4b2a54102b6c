from enum import StrEnum

class AppInfoUiType3Type1(StrEnum):
    SWIFTUI = "swiftui"
    UIKIT = "uikit"

    def __str__(self) -> str:
        return str(self.value)
