from enum import StrEnum

class InstanceLifecycleModel(StrEnum):
    APPDELEGATE = "appDelegate"
    SCENES = "scenes"
    SWIFTUI = "swiftui"

    def __str__(self) -> str:
        return str(self.value)
